namespace App
{
    public interface IStore
    {
        void Save(string item);
    }
}
